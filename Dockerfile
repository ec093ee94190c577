# The bot in a slim image: dependencies are built in one stage, and only the
# virtual environment is copied into the final one, which runs as a non-root user.
FROM python:3.11-slim-bookworm AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml README.md ./
COPY core ./core
COPY texts ./texts
COPY bot ./bot
RUN pip install --no-cache-dir .

FROM python:3.11-slim-bookworm
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
RUN useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin dominoes
COPY --from=build /opt/venv /opt/venv
WORKDIR /tmp
USER 10001:10001
CMD ["python", "-m", "bot"]
