extension Catalogue {
  /// German.
  public static let german = Catalogue(language: "de", entries: germanEntries, dateNames: .german)

  static let germanEntries: [Entry] = englishEntries
}

extension DateNames {
  /// German month and day names.
  public static let german = DateNames(
    months: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
      "Dezember",
    ],
    days: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"])
}
