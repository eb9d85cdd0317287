"""Game-agnostic pieces every game system shares: errors, seeded randomness, the GameSystem protocol."""
