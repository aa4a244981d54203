import Foundation
import Testing
import SettingsL10nTestSupport

/// What one run of the built `settings-l10n` binary printed and returned.
struct ToolResult: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var exitCode: Int32

    var description: String { "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

enum Tool {
    /// The binary SwiftPM built beside the test bundle, or the one `SETTINGS_L10N_TEST_TOOL`
    /// names (scripts/test runs the long suites with the release build: five times quicker on
    /// their 10,000 files than the debug one, the same code).
    static let binary: URL = {
        if let named = ProcessInfo.processInfo.environment["SETTINGS_L10N_TEST_TOOL"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the tests run inside an .xctest bundle: climb out of it.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("settings-l10n")
    }()

    /// Runs the binary with `arguments`, in `directory` (the package root by default), with
    /// `environment` added to a minimal one (no colour, no terminal).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    stdin: Data? = nil, executable: URL = binary) throws -> ToolResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? TestPaths.packageRoot
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes while the process runs, so a full pipe cannot block it.
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = readToEnd(err.fileHandleForReading.fileDescriptor) }
        reader.start()
        let outData = readToEnd(out.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return ToolResult(stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self),
                          exitCode: process.terminationStatus)
    }
}

/// Everything a pipe gives until its end, through `read(2)`, going on after an interrupted call
/// (Foundation's `readDataToEndOfFile` stops the test process on `EINTR`, as it did on a busy
/// machine).
func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return data }
        data.append(contentsOf: buffer[..<count])
    }
}
