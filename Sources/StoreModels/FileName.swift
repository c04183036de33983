import Foundation

/// Names made safe to be one file name.
public enum FileName {
  /// Letters, digits, `.`, `-` and `_` as they are (a leading `.` escaped); every other byte as
  /// `%XX`. Reversible, so two different names never share a file, and none can step out of its
  /// directory.
  public static func escaped(_ name: String) -> String {
    var result = ""
    for (index, byte) in name.utf8.enumerated() {
      let scalar = Unicode.Scalar(byte)
      let plain = (byte < 0x80 && (CharacterSet.alphanumerics.contains(scalar) || "-_".unicodeScalars.contains(scalar)))
        || (scalar == "." && index > 0)
      result += plain ? String(scalar) : String(format: "%%%02X", byte)
    }
    return result.isEmpty ? "%" : result
  }
}
