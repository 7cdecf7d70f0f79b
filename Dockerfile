# syntax=docker/dockerfile:1
# Build: docker build -t spicebot .
# Run:   docker run -e DISCORD_TOKEN=... -v spicebot-data:/data spicebot

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# go-sqlite3 needs cgo.
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/spicebot .

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home /data spicebot \
    && mkdir -p /data && chown spicebot /data
COPY --from=build /out/spicebot /usr/local/bin/spicebot
USER spicebot
WORKDIR /data
VOLUME ["/data"]
ENV SPICEBOT_DB=/data/spicebot.db
ENTRYPOINT ["spicebot"]
CMD ["serve"]
