import FormCore

/// The engine's typed verbs as a view uses them: a row is named by its
/// number now (rows never move under the focus, which holds the row
/// itself), values go in as text typed by the rules of the line mode, so
/// handlers, validation, drafts (the engine's observer) and exit codes are
/// the same in every mode.
struct ViewVerbs {
  let engine: Engine

  func target(_ item: Item) -> Target? { item.row.map(Target.row) }

  func run(_ command: Command) -> Outcome { engine.perform(command) }

  /// Choose the row: its `on_will_select`/`on_select` run; a switch toggles, an action runs.
  func activate(_ item: Item) -> Outcome {
    guard let t = target(item) else { return .refused(.hidden(name: item.name ?? item.label)) }
    return run(.activate(t))
  }

  /// Set the row from text as typed (the kind reads it, the validators check it).
  func set(_ item: Item, _ text: String) -> Outcome {
    guard let t = target(item) else { return .refused(.hidden(name: item.name ?? item.label)) }
    return run(.set(t, text))
  }

  /// Empty the row.
  func clear(_ item: Item) -> Outcome {
    guard let t = target(item) else { return .refused(.hidden(name: item.name ?? item.label)) }
    return run(.clear(t))
  }

  /// Give the row the value it offers (its JSON Schema's `default`).
  func takeDefault(_ item: Item) -> Outcome {
    guard let t = target(item) else { return .refused(.hidden(name: item.name ?? item.label)) }
    return run(.takeDefault(t))
  }

  func submit() -> Outcome { engine.submit() }

  func cancel() -> Outcome { engine.cancel() }

  /// Choices typed as the line mode reads them: an option by its text (an
  /// exact text wins over a number there) when it reads back as itself,
  /// else by its number; several (`commas`) separated by commas, so a text
  /// holding one goes by number too.
  static func typed(_ indices: [Int], of labels: [String], commas: Bool) -> String {
    indices.map { i in
      let label = labels[i]
      let safe = !label.isEmpty && label.trimmingSpaces == label && !(commas && label.contains(","))
      return safe ? label : String(i + 1)
    }.joined(separator: ", ")
  }
}
