"""Leagues at the table: the store (Redis, compare-and-set), the service both adapters call, the list
checks each game registers, deadlines, standings as text, image and CSV. No game is named here."""
