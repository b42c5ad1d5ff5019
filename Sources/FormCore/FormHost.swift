/// What a running form's own code asks of the front end that runs it: a
/// handler's yes/no question (`formrun.confirm`), what a handler printed,
/// and what a path names on the machine (`file` rows). The form holds its
/// host weakly, given by the runtime that loads it or the engine that runs
/// it (FormSession's `Host` refines this with what the engine asks); the
/// core does no I/O itself. Without a host no one is asked (no), a print is
/// kept as a notice, and paths are not checked.
public protocol FormHost: AnyObject {
  /// `formrun.confirm(question)` from one of `form`'s handlers: ask the
  /// person (in `form`'s language: its catalogue's yes and no words) and
  /// return true for yes; false when no one can be asked.
  func confirm(_ question: String, for form: Form) -> Bool
  /// What `form`'s script printed (`print`, one call's text, lines apart by
  /// newlines): show it to the person, or keep it as a notice of `form`
  /// (`form.report`) for the front end to show with its others.
  func show(printed text: String, by form: Form)
  /// What `path` names on the machine (a leading `~` is the home folder);
  /// `file` rows' `must_exist` and `dirs_only` check typed paths by it.
  func lookUpPath(_ path: String) -> PathKind
}

extension Form {
  /// Run the form by `host` from now on: its handlers' questions, prints
  /// and path lookups go there (the runtime that loads the form and the
  /// engine that runs it give it; a host given again replaces the last).
  package func attach(_ host: any FormHost) { self.host = host }
}
