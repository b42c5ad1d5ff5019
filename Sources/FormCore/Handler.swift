/// What a handler is called with.
public enum HandlerArgument {
  case item(Item)
  case section(Section)
  case form(Form)
  case value(Value)
  /// the form's current values, by name, in form order
  case values([Value.Field])
}

/// What a handler call gave back.
public enum HandlerOutcome {
  /// the values the handler returned (none: an empty list)
  case returned([Value])
  /// The handler raised; the message names the place and carries a traceback.
  case failed(String)
}

/// A piece of behaviour supplied by a script (a Lua closure), opaque to the core.
///
/// The core never knows how it runs: FormLua implements it by holding a
/// registry reference to a Lua function and calling it through `lua_pcall`.
public protocol Handler: AnyObject {
  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome
  /// `file:line: ` where the function was written, for a message about
  /// what it returned; "" when unknown.
  var definedAt: String { get }
}

extension Handler {
  /// Unknown.
  public var definedAt: String { "" }
}

/// A handler made of a Swift closure (for tests and Swift front ends).
final class ClosureHandler: Handler {
  let body: ([HandlerArgument]) -> HandlerOutcome
  init(_ body: @escaping ([HandlerArgument]) -> HandlerOutcome) { self.body = body }
  /// Runs the closure with the arguments.
  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome { body(arguments) }
}
