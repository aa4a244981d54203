extension Int {
    /// `7,287`: the number with its thousands grouped, as every text output prints counts
    /// (`DiagnosticReport.grouped`).
    package var grouped: String {
        DiagnosticReport.grouped(self)
    }
}
