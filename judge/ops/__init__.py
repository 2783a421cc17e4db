"""Operations: /healthz, /metrics, JSON log lines."""
