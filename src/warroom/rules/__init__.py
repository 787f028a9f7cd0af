"""Rules shared by several editions (Classic RISK battle, reinforcement, cards)."""
