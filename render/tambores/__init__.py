"""Tambores de Guerra images: the battle (two front lines of five slots, heroes, piles, attacks)."""
