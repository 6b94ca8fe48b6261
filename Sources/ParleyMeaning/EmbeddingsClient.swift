import ParleyModel

/// `POST /v1/embeddings`: one vector per input, in the order given.
struct EmbeddingsClient: Sendable {
    let client: ModelClient

    func embed(_ inputs: [String]) async throws(ModelFailure) -> [[Double]] {
        let body: JSONValue = .object([
            JSONMember("model", .string(client.settings.model)), JSONMember("input", .array(inputs.map(JSONValue.string))),
        ])
        let answer = try await client.post("embeddings", body)
        guard case .array(let items)? = answer["data"] else { throw ModelFailure("the embeddings answer has no 'data' list") }
        var vectors = [[Double]?](repeating: nil, count: inputs.count)
        for (position, item) in items.enumerated() {
            // `index` says which input a vector belongs to; servers that omit it answer in order.
            var index = position
            if case .number(let number)? = item["index"] { index = Int(number) }
            guard case .array(let numbers)? = item["embedding"], vectors.indices.contains(index) else {
                throw ModelFailure("the embeddings answer's item \(position) has no 'embedding' list (base64 answers are not read)")
            }
            vectors[index] = try numbers.map { value throws(ModelFailure) in
                guard case .number(let number) = value else { throw ModelFailure("an embedding holds a value that is not a number") }
                return number
            }
        }
        guard vectors.allSatisfy({ $0 != nil }) else {
            throw ModelFailure("the embeddings answer has \(items.count) vectors for \(inputs.count) inputs")
        }
        return vectors.map { $0! }
    }

    /// The cosine similarity of two vectors; 0 when either is all zeros or they differ in length.
    static func cosine(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var dot = 0.0, normA = 0.0, normB = 0.0
        for index in a.indices {
            dot += a[index] * b[index]
            normA += a[index] * a[index]
            normB += b[index] * b[index]
        }
        guard normA > 0, normB > 0 else { return 0 }
        return dot / (normA.squareRoot() * normB.squareRoot())
    }
}
