/// `picker`: one choice in each component of `options` (an array of arrays),
/// typed separated by commas (`L, Thick` or `3, 2`). The value is a list with
/// one chosen option per component. A flat array of strings is one component.
struct PickerKind: ItemKind {
  var components: [Choices]

  init(components: [[String]] = []) { self.components = components.map(Choices.init) }

  var name: String { "picker" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("options", \.components, .pickerParts, "One list of options per part (a flat list: one part).")
    ]
  }

  func parse(_ text: String, for item: Item) -> Parsed {
    let tokens = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    return choose(tokens, for: item)
  }

  func choose(_ tokens: [String], for item: Item) -> Parsed {
    guard !components.isEmpty else { return .refused(item.say("choice.no_options", ["what": item.messageName])) }
    guard tokens.count == components.count else {
      return .refused(item.say("picker.count", ["count": String(components.count), "got": String(tokens.count)]))
    }
    var out: [Value] = []
    for (i, token) in tokens.enumerated() {
      let what = components.count == 1 ? item.messageName : item.say("picker.part", ["number": String(i + 1)])
      switch components[i].pick(token, what: what, item.words, strict: item.strictChoices) {
      case .index(let k): out.append(components[i].value(at: k))
      case .refused(let why): return .refused(why)
      }
    }
    return .value(.list(out))
  }

  /// A list with one option text or number per component, or the text as typed.
  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .string(let s): return parse(s, for: item)
    case .list(let l):
      switch Choices.tokens(l, label: item.messageName) {
      case .success(let tokens): return choose(tokens, for: item)
      case .failure(let refusal): return refusal.parsed
      }
    default: return .refused("\(item.messageName) takes a list with one option per part (got \(value.typeName))")
    }
  }

  func check(_ value: Value, for item: Item) -> [String] {
    guard let l = value.list else { return [] }
    let fits =
      l.count == components.count
      && zip(l, components).allSatisfy { v, c in c.index(ofValue: v) != nil }
    return fits ? [] : [item.say("choice.not_an_option")]
  }

  func display(_ value: Value, for item: Item) -> String {
    let held = value.list ?? []
    return held.indices.map { i in
      i < components.count ? components[i].label(of: held[i]) : Choices.valueText(held[i]) ?? ""
    }.joined(separator: ", ")
  }

  /// One option of each component, separated by commas.
  func facts(for item: Item) -> KindFacts {
    let current = item.value.list ?? []
    let chosen = components.indices.map { i in
      i < current.count ? components[i].index(ofValue: current[i]) : nil
    }
    let example = components.map { $0.options.isEmpty ? "?" : "1" }.joined(separator: ", ")
    let texts = current.indices.compactMap { i in
      i < components.count ? components[i].label(of: current[i]) : Choices.valueText(current[i])
    }
    var typed: String?
    if !current.isEmpty, texts.count == current.count {
      typed = zip(texts.indices, texts).map { i, text in
        i < chosen.count ? chosen[i].map { components[i].typed($0, inList: true) } ?? text : text
      }.joined(separator: ", ")
    }
    return KindFacts(
      shape: .components(zip(components, chosen).map { $0.list(chosen: $1.map { [$0] } ?? []) }),
      noun: item.say("picker.noun"),
      expects: components.isEmpty
        ? item.say("choice.nothing") : item.say("picker.expects", ["example": example]),
      examples: components.isEmpty ? [] : [example], typed: typed,
      spoken: .init(texts.isEmpty ? item.say("choice.nothing_chosen") : texts.joined(separator: ", ")))
  }
}

extension OptionCodec where T == [Choices] {
  /// `{ {"A", "B"}, {"1", "2"} }`, or a flat list for a picker of one part.
  static var pickerParts: Self {
    Self(
      type: "string[][]",
      decode: { value, key throws(OptionError) in
        guard let list = value.isNull ? [] : value.list else {
          throw OptionError("'\(key)' must be an array of arrays of strings, one per part (got \(value.typeName))")
        }
        // a flat list of strings is a picker of one part
        let parts = list.allSatisfy { $0.list == nil } && !list.isEmpty ? [Value.list(list)] : list
        var made: [Choices] = []
        for (i, part) in parts.enumerated() {
          switch Choices.read(part, key: "\(key)[\(i + 1)]") {
          case .success(let c) where c.options.isEmpty: throw OptionError("'\(key)[\(i + 1)]' has no options")
          case .success(let c): made.append(c)
          case .failure(let e): throw e
          }
        }
        return made
      }, encode: { .list($0.map(\.value)) })
  }
}
