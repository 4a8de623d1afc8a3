import Czlib

/// The loop every zlib stream of the tool runs (gzip in `Gzip`, raw deflate in `RawDeflate`):
/// one `step` per piece of output, each piece handed on as it comes out.
public enum ZlibStream {
    /// How many bytes zlib writes at a time.
    public static let pieceBytes = 1 << 16

    /// Runs a zlib stream over `input`, one `step` per piece of output handed to `take` (which
    /// returns false to stop), until the step says anything but `Z_OK` or its progress ends; the
    /// last status (`Z_OK` when the input ran out before the stream's end, or `take` stopped).
    public static func run(_ stream: inout z_stream, over input: [UInt8], step: (inout z_stream) -> Int32, take: ([UInt8]) -> Bool) -> Int32 {
        var output = [UInt8](repeating: 0, count: pieceBytes)
        var input = input
        return input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (status, produced): (Int32, Int) = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    let status = step(&stream)
                    return (status, outputBuffer.count - Int(stream.avail_out))
                }
                if status != Z_OK && status != Z_STREAM_END { return status }
                if produced > 0, !take(Array(output[0..<produced])) { return Z_OK }
                // Everything read and nothing more came out, yet no end: the stream was cut.
                if status != Z_OK || (stream.avail_in == 0 && produced == 0) { return status }
            }
        }
    }
}
