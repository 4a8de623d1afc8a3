import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium run headless and driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands in on fd 3, answers out on fd 4, each a JSON message
/// ended by a NUL byte), so a test presses real keys (Tab moves the focus) and reads the page.
/// Nothing but Foundation and the C library.
final class HeadlessChromium {
    /// Where Chromium is installed; nil where it is not (the browser tests are then skipped).
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct ProtocolError: Error, CustomStringConvertible { var description: String }

    private var pid: pid_t = 0
    private let commands: Int32, answers: Int32
    private var pending: [UInt8] = []
    private var nextID = 0
    private var session: String?
    private let profile: URL

    /// Starts Chromium at `width`×`height` with a fresh profile and attaches to its page;
    /// `arguments` are added to its command line, and `home` (where Chromium on Linux finds the
    /// NSS database of trusted CAs, `.pki/nssdb`) replaces `HOME`.
    init(width: Int, height: Int, arguments extraArguments: [String] = [], home: URL? = nil) throws {
        guard let executable = Self.executable else { throw ProtocolError(description: "chromium is not installed") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw ProtocolError(description: "pipe: errno \(errno)") }
        _ = fcntl(toBrowser[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromBrowser[0], F_SETFD, FD_CLOEXEC)
        // Out of the way of 3 and 4, so the two dup2 below cannot overwrite each other.
        let browserReads = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 64), browserWrites = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 64)
        close(toBrowser[0]); close(fromBrowser[1])
        commands = toBrowser[1]
        answers = fromBrowser[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
                         "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)"] + extraArguments + ["about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        if let home { environment["HOME"] = home.path }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let status = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
        close(browserReads); close(browserWrites)
        guard status == 0 else { throw ProtocolError(description: "posix_spawn \(executable): \(status)") }
        let targets = try send("Target.getTargets", attached: false)
        guard let page = (targets["targetInfos"] as? [[String: Any]])?.first(where: { $0["type"] as? String == "page" }),
              let id = page["targetId"] as? String else { throw ProtocolError(description: "no page target: \(targets)") }
        session = try send("Target.attachToTarget", ["targetId": id, "flatten": true], attached: false)["sessionId"] as? String
    }

    deinit {
        close(commands)
        close(answers)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends one command and waits (at most 20 s) for its answer; events in between are dropped.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], attached: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if attached, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ProtocolError(description: "write to chromium failed: errno \(errno)") }
            written += n
        }
        let deadline = Date().addingTimeInterval(20)
        while true {
            while let end = pending.firstIndex(of: 0) {
                let data = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any], answer["id"] as? Int == nextID else { continue }
                if let error = answer["error"] { throw ProtocolError(description: "\(method): \(error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&poller, 1, left) > 0 else { throw ProtocolError(description: "\(method): no answer from chromium in 20 s") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ProtocolError(description: "\(method): chromium closed the pipe") }
            pending.append(contentsOf: chunk[..<n])
        }
    }

    /// Opens `url` and waits until the page and its deferred scripts have run.
    func open(_ url: URL) throws {
        try send("Page.navigate", ["url": url.absoluteString])
        for _ in 0..<100 {
            if (try? evaluate("document.readyState === 'complete' && location.href === \(Self.quoted(url.absoluteString))")) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ProtocolError(description: "\(url.lastPathComponent) did not load")
    }

    /// The value of a JavaScript expression (strings, numbers, booleans, arrays and objects of them).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw ProtocolError(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits (at most 5 s) until a JavaScript expression is true; false if it never is.
    @discardableResult
    func wait(until expression: String) throws -> Bool {
        for _ in 0..<100 {
            if try evaluate(expression) as? Bool == true { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Waits (at most `seconds`) until a JavaScript expression is true, across reloads (an
    /// expression that throws while the page reloads counts as false); false if it never is.
    @discardableResult
    func wait(until expression: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if (try? evaluate(expression)) as? Bool == true { return true }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return false
    }

    /// Types `text` into the focused field, as a keyboard would (an `input` event follows).
    func type(_ text: String) throws {
        try send("Input.insertText", ["text": text])
    }

    /// `evaluate` for an expression whose value is a string; "" for anything else.
    func text(_ expression: String) throws -> String { try evaluate(expression) as? String ?? "" }

    /// What the focus is on, as a person would name it: the element's tag and its text or label.
    func focused() throws -> String {
        try text("(() => { const e = document.activeElement; if (!e || e === document.body) return 'body'; return e.tagName.toLowerCase() + ' ' + (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60); })()")
    }

    enum Key { case tab, shiftTab, enter, space, escape, arrowDown, arrowUp }

    /// Presses and releases a key as a keyboard does; `holding` keeps it down that long first.
    func press(_ key: Key, holding seconds: Double = 0) throws {
        var down: [String: Any]
        switch key {
        case .tab, .shiftTab:
            down = ["type": "rawKeyDown", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9, "nativeVirtualKeyCode": 9]
            if key == .shiftTab { down["modifiers"] = 8 }
        case .enter: down = ["type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13, "text": "\r"]
        case .space: down = ["type": "keyDown", "key": " ", "code": "Space", "windowsVirtualKeyCode": 32, "nativeVirtualKeyCode": 32, "text": " "]
        case .escape: down = ["type": "rawKeyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27, "nativeVirtualKeyCode": 27]
        case .arrowDown: down = ["type": "rawKeyDown", "key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40, "nativeVirtualKeyCode": 40]
        case .arrowUp: down = ["type": "rawKeyDown", "key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38, "nativeVirtualKeyCode": 38]
        }
        try send("Input.dispatchKeyEvent", down)
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        var up = down
        up["type"] = "keyUp"
        up["text"] = nil
        try send("Input.dispatchKeyEvent", up)
    }

    /// Presses Tab until the focus is on an element whose name starts with `name` (at most 40 times).
    func tab(to name: String) throws {
        for _ in 0..<40 {
            try press(.tab)
            if try focused().hasPrefix(name) { return }
        }
        throw ProtocolError(description: "Tab never reached \(name)")
    }

    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }
}
