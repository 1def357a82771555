package moviedb

// LoginDocument is the demo server's login mutation, the document a runtime logs in with
// (toolrt.Config.LoginDocument); the runtime library itself knows no API's login.
const LoginDocument = "mutation Login($input: LoginInput!) { login(input: $input) { token } }"
