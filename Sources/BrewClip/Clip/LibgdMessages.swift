import Cgd
import Foundation

/// libgd writes its warnings and errors ("GD Warning: gd-png: …") to standard error itself, with
/// no line break. Its error method is replaced once, so that nothing of libgd reaches the
/// terminal: the messages are kept for the thread that decodes (`collecting`), for a caller to
/// say in its own words.
enum LibgdMessages {
    private static let lock = NSLock()
    /// The messages of each thread inside `collecting`, by thread.
    nonisolated(unsafe) private static var collected: [UInt: [String]] = [:]

    private static var thread: UInt { UInt(pthread_self()) }

    private static let installed: Bool = {
        gdSetErrorMethod { _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            LibgdMessages.record(text)
        }
        return true
    }()

    private static func record(_ text: String) {
        guard !text.isEmpty else { return }
        let key = thread
        lock.lock()
        defer { lock.unlock() }
        guard let messages = collected[key], messages.count < 20 else { return }
        collected[key] = messages + [text]
    }

    /// Replaces libgd's error method (once).
    static func silence() { _ = installed }

    /// What `body` returns, and what libgd said on this thread meanwhile (escaped for a message).
    static func collecting<Result>(_ body: () -> Result) -> (Result, [String]) {
        silence()
        let key = thread
        lock.lock()
        let outer = collected[key]
        collected[key] = []
        lock.unlock()
        let result = body()
        lock.lock()
        let messages = collected[key] ?? []
        collected[key] = outer.map { $0 + messages }
        lock.unlock()
        return (result, messages.map { AppImportText.shown(String($0.prefix(200))) })
    }
}
