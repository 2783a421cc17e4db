"""Mojo: a library the supervisor builds with Mojo's compiler, whose C ``solve`` the child calls
with device pointers, on the stream of the child's one kept DeviceContext; GPU only."""
