/// "Did you mean …?" for a misspelt field or value.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
    /// Only words of at most `maximumWordLength` UTF-8 bytes are compared: a suggestion is at most
    /// 3 edits away from a field name or value of a few dozen characters, so a longer word has
    /// none, and the edit distance (length × length) never runs on a 5 MB key.
    public static let maximumWordLength = 128

    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        guard word.utf8.count <= maximumWordLength else { return nil }
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard candidate.utf8.count <= maximumWordLength else { continue }
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, best.candidate.count / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// `closest`, else the one id that begins with `word` and a dash: a session's name without the
    /// date and time its id ends with ("birthday" for `birthday-1121`). Nil when none or several do.
    public static func closestID(to word: String, in ids: some Sequence<String>) -> String? {
        let ids = Array(ids)
        if let near = closest(to: word, in: ids) { return near }
        let stem = word.lowercased() + "-"
        guard stem.count > 1 else { return nil }
        let started = ids.filter { $0.lowercased().hasPrefix(stem) }
        return started.count == 1 ? started[0] : nil
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
