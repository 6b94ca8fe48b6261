/// What a connector's or plugin's setting holds: the JSON Schema an editor completes with, and
/// what `parley validate` checks before anything runs. A value written as `${env.X}` or
/// `${secret.X}` is only checked once rendered, by the provider that reads it.
public enum SettingType: Hashable, Sendable {
    /// Any text.
    case text
    /// An http(s):// or ws(s):// address.
    case url
    /// A whole number.
    case integer
    /// true or false.
    case boolean
    /// A duration such as 30s or 500ms (a number is seconds).
    case duration
    /// One of these words.
    case choice([String])
    /// A path, relative to the file that names it, that must exist.
    case file
    /// A path, relative to the file that names it, that need not exist yet (a report folder).
    case path
    /// A mapping of names to values.
    case mapping
    /// A list (or one item, where the provider allows it).
    case list
    /// Anything the provider reads itself.
    case any
}
