import Foundation

/// Progress lines on standard error, so standard output holds only the table.
enum Progress {
    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
