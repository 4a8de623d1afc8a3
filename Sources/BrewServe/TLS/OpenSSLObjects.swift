import Clibssl
import Foundation

/// The OpenSSL calls the certificate code shares: PEM and DER in and out of memory, the last
/// error's words, fresh serial numbers. OpenSSL does the work; this only moves bytes.
enum OpenSSLObjects {
    /// The text of OpenSSL's oldest queued error (and clears the queue); "" when there is none.
    static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return string(text)
    }

    /// The text of a NUL-terminated C buffer, as UTF-8.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Everything written to a memory BIO by `write`, or nil if `write` failed.
    static func written(_ write: (OpaquePointer) -> Int32) -> Data? {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { return nil }
        return drain(bio)
    }

    /// What a memory BIO holds, read out of it.
    static func drain(_ bio: OpaquePointer) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while BIO_ctrl_pending(bio) > 0 {
            let read = BIO_read(bio, &chunk, Int32(chunk.count))
            guard read > 0 else { break }
            data.append(contentsOf: chunk[..<Int(read)])
        }
        return data
    }

    /// A certificate read from PEM text; nil if the text holds none.
    static func certificate(pem: Data) -> OpaquePointer? {
        pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
    }

    /// A private key read from (unencrypted) PEM text; nil if the text holds none.
    static func privateKey(pem: Data) -> OpaquePointer? {
        pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
    }

    static func pem(ofCertificate certificate: OpaquePointer) -> Data? {
        written { PEM_write_bio_X509($0, certificate) }
    }

    static func pem(ofPrivateKey key: OpaquePointer) -> Data? {
        written { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
    }

    static func der(ofCertificate certificate: OpaquePointer) -> Data? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return written == length ? Data(bytes) : nil
    }

    /// The SHA-256 of the certificate's DER form, as upper-case hex pairs joined by colons (as
    /// phones and `openssl x509 -fingerprint -sha256` show it).
    static func sha256Fingerprint(of certificate: OpaquePointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(certificate, EVP_sha256(), &digest, &length) == 1 else { return "" }
        return digest[..<Int(length)].map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// The certificate's end of validity.
    static func notAfter(of certificate: OpaquePointer) -> Date? {
        date(of: X509_get0_notAfter(certificate))
    }

    static func notBefore(of certificate: OpaquePointer) -> Date? {
        date(of: X509_get0_notBefore(certificate))
    }

    private static func date(of time: UnsafePointer<ASN1_TIME>?) -> Date? {
        guard let time else { return nil }
        var moment = tm()
        guard ASN1_TIME_to_tm(time, &moment) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&moment)))
    }

    /// Valid from an hour before `start` (a phone's clock a little behind still accepts it) to `end`.
    static func setValidity(of certificate: OpaquePointer, from start: Date, until end: Date) -> Bool {
        var startTime = time_t(start.timeIntervalSince1970) - 3600
        var endTime = time_t(end.timeIntervalSince1970)
        return setTime(X509_getm_notBefore(certificate), &startTime)
            && setTime(X509_getm_notAfter(certificate), &endTime)
    }

    private static func setTime(_ time: UnsafeMutablePointer<ASN1_TIME>?, _ moment: inout time_t) -> Bool {
        X509_time_adj_ex(time, 0, 0, &moment) != nil
    }

    /// A new random 127-bit positive serial number, set on `certificate`.
    static func setRandomSerial(of certificate: OpaquePointer) -> Bool {
        guard let number = BN_new() else { return false }
        defer { BN_free(number) }
        return BN_rand(number, 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1
            && BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate)) != nil
    }

    /// Adds `entries` (name, value) to an X.509 name, as UTF-8 strings.
    static func addEntries(_ entries: [(String, String)], to name: OpaquePointer) -> Bool {
        entries.allSatisfy { field, value in
            let bytes = Array(value.utf8)
            return X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, bytes, Int32(bytes.count), -1, 0) == 1
        }
    }
}
