"""RISK Godstorm: five epochs of gods, faith, miracles, plague and the Underworld."""
