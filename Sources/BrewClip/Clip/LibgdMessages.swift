import Cgd
import Foundation

/// libgd writes its warnings and errors ("GD Warning: gd-png: …") to standard error itself, with
/// no line break. Its error method is replaced once, so that nothing of libgd reaches the
/// terminal: the messages are kept for the thread that decodes (`collecting`), for a caller to
/// say in its own words.
enum LibgdMessages {
    private static let key = "brewguide.libgd.messages"

    private static let installed: Bool = {
        gdSetErrorMethod { _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let dictionary = Thread.current.threadDictionary
            guard let messages = dictionary[LibgdMessages.key] as? NSMutableArray, messages.count < 20, !text.isEmpty else { return }
            messages.add(text)
        }
        return true
    }()

    /// Replaces libgd's error method (once).
    static func silence() { _ = installed }

    /// What `body` returns, and what libgd said on this thread meanwhile (escaped for a message).
    static func collecting<Result>(_ body: () -> Result) -> (Result, [String]) {
        silence()
        let messages = NSMutableArray()
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = messages
        defer { dictionary[key] = outer }
        let result = body()
        return (result, messages.compactMap { ($0 as? String).map { AppImportText.shown(String($0.prefix(200))) } })
    }
}
