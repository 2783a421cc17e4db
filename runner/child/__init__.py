"""The untrusted side: a sandboxed process that loads the solution and, on "call", runs it on the supervisor's buffers and answers "done". Nothing it reports is believed without a bound."""
