# The bot's image for compose.yaml: the project installed with its dependencies at build time, so every
# process of the fleet starts the same code without installing anything when it starts.
FROM python:3.11-slim
WORKDIR app
COPY . .
RUN pip install --no-cache-dir .
CMD ["python", "bot.py"]
