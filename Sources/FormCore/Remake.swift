/// `item:remake{…}` and `section:remake{…}` (HoloTableView's remake calls):
/// every property replaced by those of a freshly made object, in place.
extension Item {
  /// Take every property of `fresh` (made with the same kind and the new
  /// props, never put in a form), keeping this row's place; its name must
  /// already be free in the form (`Form.rename` is checked first by the caller).
  public func adopt(_ fresh: Item) throws(FormError) {
    try rename(fresh.name)
    kind = fresh.kind
    title = fresh.title
    detail = fresh.detail
    placeholder = fresh.placeholder
    description = fresh.description
    accessory = fresh.accessory
    enabled = fresh.enabled
    validators = fresh.validators
    validate = fresh.validate
    onSelect = fresh.onSelect
    onChange = fresh.onChange
    extras = fresh.extras
    edited = false
    value = fresh.value
    hidden = fresh.hidden
    refreshDisplay()
    if let form {
      form.validate(self)
      form.noteStructure()
    }
  }
}

extension Section {
  /// Take every property of `fresh` (a new section made with the new props);
  /// the rows stay.
  public func adopt(_ fresh: Section) {
    header = fresh.header
    footer = fresh.footer
    tag = fresh.tag
    emptyText = fresh.emptyText
    onUpdate = fresh.onUpdate
    style = fresh.style
    data = fresh.data
    onInsert = fresh.onInsert
    headerBand = fresh.headerBand
    footerBand = fresh.footerBand
    hidden = fresh.hidden
    form?.noteStructure()
  }
}
