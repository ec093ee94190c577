"""What operators read at /metrics (Prometheus' text format, by prometheus-client).

The counters and histograms live in the process's default registry (with the
client's own process and Python figures) and are updated where things happen: the
dispatcher (updates), the session (Telegram calls), the worker (pacer lag), the store
(Redis errors). The gauge of active games is set from Redis on each scrape (see
`bot.telegram.server`). Module-level, as prometheus-client intends: one process, one
set of figures, whatever the number of apps a test builds."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

UPDATES = Counter(
    "dominoes_updates", "Updates handled, by kind (message, callback_query…)", ["kind"]
)
UPDATES_SHED = Counter(
    "dominoes_updates_shed",
    "Presses answered at once that the bot is busy: they waited too long for their turn",
)
UPDATE_SECONDS = Histogram(
    "dominoes_update_seconds",
    "Time to handle one update, its claim and every call it made included",
    ["kind"],
)
TELEGRAM_CALLS = Counter(
    "dominoes_telegram_calls",
    "Bot API requests, by method and outcome (ok, 429, 403, 400, 5xx, network…); "
    "each attempt counts",
    ["method", "outcome"],
)
ACTIVE_GAMES = Gauge(
    "dominoes_active_games",
    "Live games (an open lobby or a match under way) by variant, read from Redis on "
    "each scrape: every process sees all of them",
    ["variant"],
)
PACER_LAG = Histogram(
    "dominoes_pacer_lag_seconds",
    "How late the worker ran a game after the time it was due (games due at once after "
    "a save are not timed)",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0),
)
REDIS_ROUND_TRIPS = Counter(
    "dominoes_redis_round_trips",
    "Requests sent to Redis (a command, a script or a pipeline each: one round trip)",
)
REDIS_ERRORS = Counter(
    "dominoes_redis_errors", "Redis commands that failed, by the client's error", ["error"]
)
WEBHOOK_REFUSED = Counter(
    "dominoes_webhook_refused", "Webhook requests refused for a missing or wrong secret"
)
