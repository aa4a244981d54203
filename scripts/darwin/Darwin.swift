// What Apple's Swift overlay adds over Darwin's C declarations (swiftlang/swift,
// stdlib/public/Platform/Platform.swift, the Darwin branches), for
// scripts/check-darwin-declarations: the same names and types, bodies that are never run.
@_exported import DarwinC

public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// fcntl.h: open and fcntl are variadic in C, so the overlay declares them.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError() }
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { fatalError() }

// sys/stat.h: the file types and permissions, as mode_t (16 bits on Darwin).
public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }
public var S_IRWXU: mode_t { mode_t(0o000700) }
public var S_IRUSR: mode_t { mode_t(0o000400) }
public var S_IWUSR: mode_t { mode_t(0o000200) }
public var S_IXUSR: mode_t { mode_t(0o000100) }

// signal.h
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
public var SIG_ERR: sig_t { unsafeBitCast(-1, to: sig_t.self) }
