/// The release `onlinestore` and `onlinestore-api` say they are (`--version`). CHANGELOG.md
/// says what each release added, changed and fixed; a test keeps its newest release and this
/// one the same.
public enum Release {
  public static let version = "1.5.0"
}
