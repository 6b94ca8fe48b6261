import ParleyModel

/// RFC 6902 JSON Patch over `JSONValue`, for `STATE_DELTA` and `ACTIVITY_DELTA`.
///
/// Objects keep their member order (an `add` of an existing key replaces it where it stands), so
/// state shown to a QA engineer reads the way the agent built it.
public enum JSONPatch {
    /// Applies `patch` (an array of operations) to `document`, all or nothing.
    ///
    /// Errors name the failing operation and its path: `operation 2 (replace /user/name): no member 'name'`.
    public static func apply(_ patch: JSONValue, to document: JSONValue) throws(JSONPatchError) -> JSONValue {
        guard case .array(let operations) = patch else {
            throw JSONPatchError(reason: "a JSON Patch is an array of operations, not \(JSONPointer.kind(of: patch))")
        }
        var result = document
        for (index, json) in operations.enumerated() {
            let operation = try JSONPatchOperation(json, index: index)
            do {
                result = try operation.applied(to: result)
            } catch {
                throw JSONPatchError(operation: index, summary: operation.summary, reason: error.reason)
            }
        }
        return result
    }
}
