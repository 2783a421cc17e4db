def active_protections(gpu=False): return {}
