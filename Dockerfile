# The bot in a slim image. The build stage (the full Python image: it has a C
# compiler) compiles the engine with mypyc (setup.py, DOMINOES_COMPILE=1) into a
# wheel and installs it with the dependencies into a virtual environment; only that
# environment is copied into the final stage, which runs as a non-root user.
ARG PYTHON=3.11
FROM python:${PYTHON}-bookworm AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
# The compiler's tools live apart from the bot's environment and stay in this stage.
RUN python -m venv /opt/tools \
    && /opt/tools/bin/pip install --no-cache-dir "mypy==2.4.1" "setuptools==80.9.0" \
    && python -m venv /opt/venv
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY core ./core
COPY texts ./texts
COPY bot ./bot
COPY terminal ./terminal
COPY picture ./picture
RUN DOMINOES_COMPILE=1 /opt/tools/bin/pip wheel --no-cache-dir --no-build-isolation \
        --no-deps --wheel-dir /wheels . \
    && /opt/venv/bin/pip install --no-cache-dir /wheels/*.whl

FROM python:${PYTHON}-slim-bookworm
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
# FriBiDi: Pillow's text layout (raqm, in its wheel) loads it to draw right-to-left
# names in the table's picture in their order.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin dominoes
COPY --from=build /opt/venv /opt/venv
WORKDIR /tmp
USER 10001:10001
# Webhook mode's port (WEBHOOK_PORT): the webhook, /healthz and /metrics.
EXPOSE 8080
CMD ["python", "-m", "bot"]
