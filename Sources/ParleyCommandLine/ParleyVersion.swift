/// `parley --version`.
public enum ParleyVersion {
    /// The version of this Parley.
    public static let current = "0.14.0"
}
