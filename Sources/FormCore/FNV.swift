/// FNV-1a, 64 bits: a quick, stable hash of text (the same on every run and
/// machine, unlike `Hasher`), for names made from paths and for tags.
public enum FNV1a {
  /// The hash of `text`'s UTF-8 bytes.
  public static func hash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
  }
}
