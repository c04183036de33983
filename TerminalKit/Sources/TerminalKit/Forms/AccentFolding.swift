/// The plain Latin letter for each accented lowercase one in Latin-1 and Latin Extended-A
/// (é → e, ł → l, ß → s): what a choice's search ignores.
enum AccentFolding {
  static let plain: [Unicode.Scalar: Unicode.Scalar] = {
    let accented = "ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįıĵķĺļľłńņňōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷźżž"
    let plainLetters = "saaaaaaaceeeeiiiidnoooooouuuuytyaaaccccddeeeeegggghhiiiiijkllllnnnoooorrrsssstttuuuuuuwyzzz"
    return Dictionary(uniqueKeysWithValues: zip(accented.unicodeScalars, plainLetters.unicodeScalars))
  }()
}
