"""The workers that judge: this host's devices, registration and heartbeats, and which
device kinds are live."""
