import sys; print("bot placeholder")
