@testable import FormCore

/// A small form: one section with an email (presence, email), a secure
/// password (presence, length(8, 64)) and a switch.
func signupForm() throws -> Form {
  let form = Form(title: "Sign up")
  let s = form.addSection("Account")
  let email = Item(kind: TextKind(), title: "Email", name: "email")
  email.validators = [try Validators.make("presence", in: form), try Validators.make("email", in: form)]
  try s.append(email)
  let password = Item(kind: TextKind(secure: true), title: "Password", name: "password")
  password.validators = [try Validators.make("presence", in: form), try Validators.make("length(8, 64)", in: form)]
  try s.append(password)
  try s.append(Item(kind: BoolKind(), title: "Newsletter", name: "newsletter"))
  return form
}

/// A handler that records its calls and returns fixed values.
final class Recorder: Handler {
  var calls: [[HandlerArgument]] = []
  var result: HandlerOutcome
  var action: ([HandlerArgument]) -> Void = { _ in }
  init(returning result: HandlerOutcome = .returned([])) { self.result = result }
  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome {
    calls.append(arguments)
    action(arguments)
    return result
  }
}
