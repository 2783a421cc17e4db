"""Problem catalog app: problems, their specs, and the loader for catalog packages."""
