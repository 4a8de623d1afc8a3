/// Reads an HTTP/1.x request head (the request line and the header fields, up to the blank
/// line) from bytes as they arrive, in time linear in their number, and refuses it as soon as
/// it passes one of `RequestLimits`' bounds: it never holds more than a bound plus the last
/// piece it was given.
///
/// Each byte is looked at once: the scan for the end of a line resumes where the previous piece
/// stopped, and a line is checked against its bound before its end has arrived, so a 1 MB
/// request line is refused after its first 8 KiB. (The HTTP library used before searched the
/// whole line again for every piece, so a long line cost time quadratic in its length.)
///
/// What it accepts, after RFC 9112 §2–5: lines end in CRLF or a bare LF; empty lines before the
/// request line are skipped (a few); the request line is `METHOD SP target SP HTTP/1.x`, the
/// method a token and the target visible ASCII; a field is `name: value` with a token name, no
/// space before the colon, no folded continuation line, and no control character but tab in the
/// value. Anything else is refused as malformed (400), another HTTP version with 505.
struct RequestHeadParser: Sendable {
    enum Outcome: Sendable, Equatable {
        /// The head has not ended yet; give it more bytes.
        case needMore
        /// The head ended; `bodyStart` is the index in `bytes` of the first byte after it.
        case complete(HTTPRequestHead, bodyStart: Int)
        /// The head broke a bound or the grammar; answer with the refusal and close.
        case refused(HTTPRefusal)
    }

    let limits: RequestLimits
    /// Every byte given so far.
    private(set) var bytes: [UInt8] = []
    /// Where the line being read starts.
    private var lineStart = 0
    /// Where the search for the line's end resumes.
    private var scanFrom = 0
    private var requestLine: (method: String, target: String, minorVersion: Int)?
    private var headers = HTTPHeaderFields()
    private var headerSectionBytes = 0
    private var skippedEmptyLines = 0
    /// Set once the head has ended or been refused; the parser takes no more bytes.
    private var finished: Outcome?

    /// At most this many empty lines may come before a request line.
    static let skippableEmptyLines = 8

    init(limits: RequestLimits) {
        self.limits = limits
    }

    /// Starts with bytes left over from the previous request on the connection.
    init(limits: RequestLimits, leftover: some Collection<UInt8>) {
        self.limits = limits
        bytes.append(contentsOf: leftover)
    }

    /// Whether any byte of the head has arrived.
    var hasStarted: Bool { !bytes.isEmpty }

    /// Adds `piece` and reads as far as it goes.
    mutating func append(_ piece: some Collection<UInt8>) -> Outcome {
        if let finished { return finished }
        bytes.append(contentsOf: piece)
        return parse()
    }

    /// Reads the bytes given so far (useful after `init(limits:leftover:)`).
    mutating func parse() -> Outcome {
        if let finished { return finished }
        let outcome = readLines()
        if outcome != .needMore { finished = outcome }
        return outcome
    }

    private mutating func readLines() -> Outcome {
        while let newline = bytes[scanFrom...].firstIndex(of: UInt8(ascii: "\n")) {
            var lineEnd = newline
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = bytes[lineStart..<lineEnd]
            let lineBytes = newline + 1 - lineStart
            lineStart = newline + 1
            scanFrom = lineStart
            if requestLine == nil {
                if let refusal = checkRequestLineLength(lineBytes) { return .refused(refusal) }
                if line.isEmpty {
                    skippedEmptyLines += 1
                    if skippedEmptyLines > Self.skippableEmptyLines { return .refused(.malformed("too many empty lines before the request line")) }
                    continue
                }
                switch Self.requestLine(from: line) {
                case .success(let parsed): requestLine = parsed
                case .failure(let refusal): return .refused(refusal)
                }
                continue
            }
            if line.isEmpty {
                let (method, target, minorVersion) = requestLine!
                return .complete(HTTPRequestHead(method: method, target: target, minorVersion: minorVersion, headers: headers), bodyStart: lineStart)
            }
            if let refusal = checkHeaderLineLength(lineBytes) { return .refused(refusal) }
            headerSectionBytes += lineBytes
            guard headers.count < limits.headerFieldCount else { return .refused(.tooManyHeaderFields(limit: limits.headerFieldCount)) }
            switch Self.headerField(from: line) {
            case .success(let field): headers.append(name: field.name, value: field.value)
            case .failure(let refusal): return .refused(refusal)
            }
        }
        scanFrom = bytes.count
        // The line being read has not ended: refuse it now if it is already too long.
        let pending = bytes.count - lineStart
        if requestLine == nil {
            if let refusal = checkRequestLineLength(pending) { return .refused(refusal) }
        } else if let refusal = checkHeaderLineLength(pending) {
            return .refused(refusal)
        }
        return .needMore
    }

    private func checkRequestLineLength(_ lineBytes: Int) -> HTTPRefusal? {
        lineBytes > limits.requestLineBytes ? .requestLineTooLong(limit: limits.requestLineBytes) : nil
    }

    /// Checks a header line of `lineBytes` (so far) against its bound and, with the lines before
    /// it, against the bound of them all.
    private func checkHeaderLineLength(_ lineBytes: Int) -> HTTPRefusal? {
        if lineBytes > limits.headerFieldLineBytes { return .headerFieldTooLong(limit: limits.headerFieldLineBytes) }
        if headerSectionBytes + lineBytes > limits.headerSectionBytes {
            return .headerSectionTooLarge(limit: limits.headerSectionBytes)
        }
        return nil
    }

    // MARK: Grammar

    private static func requestLine(from line: ArraySlice<UInt8>) -> Result<(method: String, target: String, minorVersion: Int), HTTPRefusal> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(.malformed("the request line is not a method, a target and a version separated by single spaces"))
        }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.count <= 32, method.allSatisfy(isTokenByte) else {
            return .failure(.malformed("the method is not a token"))
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.malformed("the target is empty or has a byte that is not visible ASCII"))
        }
        let versionText = String(decoding: version, as: UTF8.self)
        let minorVersion: Int
        switch versionText {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let digits = versionText.utf8.dropFirst(5)
            if versionText.hasPrefix("HTTP/"), digits.count == 3, digits.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }) {
                return .failure(HTTPRefusal(status: .versionNotSupported, reason: "Only HTTP/1.1 and HTTP/1.0 are served."))
            }
            return .failure(.malformed("the version is not HTTP/1.1"))
        }
        return .success((String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), minorVersion))
    }

    private static func headerField(from line: ArraySlice<UInt8>) -> Result<HTTPHeaderFields.Field, HTTPRefusal> {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            return .failure(.malformed("a header line is folded onto the previous one"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(.malformed("a header line has no colon"))
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(.malformed("a header field's name is not a token"))
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeFirst() }
        while let byte = value.last, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeLast() }
        guard !value.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) else {
            return .failure(.malformed("a header field's value has a control character"))
        }
        return .success(HTTPHeaderFields.Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }

    /// A byte of a token (RFC 9110 §5.6.2): letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
