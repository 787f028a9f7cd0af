"""Simulation at scale: many seeded games between bots, their statistics and pictures."""
