/// Thrown out of a response body for `fault: drop_connection`: the server then closes the
/// connection without ending the chunked body, which is the fault the client should see.
struct ScriptedDrop: Error {}
