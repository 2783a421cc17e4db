"""Library code both sides of the trust boundary use: the control channel, tensor bytes, the CUDA driver bindings, the lead-in kernel. No secrets here."""
