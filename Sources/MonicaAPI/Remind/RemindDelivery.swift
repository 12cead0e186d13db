import Foundation
import MonicaKit

/// Where one run's occurrences go: standard output, a command per occurrence, or a mail each.
struct RemindDelivery {
  let options: RemindOptions
  let output: LineOutput
  /// The run's day: what "today", "in 7 days" count from.
  let today: CalendarDate
  /// The instance, for contacts' links.
  let instance: String
  /// The environment the commands' own is built from.
  let environment: ToolEnvironment
  /// The token, so that no variable holding it reaches a command.
  let token: String

  /// The NDJSON record of `occurrence`, one line.
  func line(_ occurrence: Occurrence) -> [UInt8] {
    JSONWriter.plain.bytes(occurrence.record(today: today, instance: instance))
  }

  /// Writes `occurrence`'s line to standard output, made safe when that is a terminal.
  func print(_ occurrence: Occurrence) throws(MonicaError) {
    let bytes = line(occurrence)
    try output.writeLine(environment.stdoutIsTerminal ? TerminalText.safe(bytes) : bytes)
  }

  /// How one delivery went.
  enum Outcome: Equatable {
    /// It arrived.
    case delivered
    /// It did not arrive (the command or sendmail said so): why, for a message.
    case failed(String)
    /// It was stopped past `--exec-timeout`: it may have arrived (a `curl` that posted and hung on
    /// the answer has delivered), so it is in doubt, as a killed run's is. Why, for a message.
    case inDoubt(String)
  }

  /// Delivers `occurrence`. A closed standard output is `outputClosed`.
  func deliver(_ occurrence: Occurrence) throws(MonicaError) -> Outcome {
    switch options.delivery {
    case .standardOutput:
      try print(occurrence)
      // Delivered is recorded only once the line has left.
      try output.flush()
      return .delivered
    case .command(let command):
      let variables = DeliveryEnvironment.variables(
        inherited: environment.variables, occurrence: occurrence, today: today, instance: instance, token: token)
      let ending = ChildProcess.run(
        ["/bin/sh", "-c", command], environment: variables, input: line(occurrence) + [0x0A],
        timeout: options.commandTimeout.seconds, limit: options.commandTimeout.description)
      return Self.outcome(ending, of: "--exec")
    case .mail(let to, let from, let sendmail):
      let message = MailMessage(
        to: to, from: from, occurrence: occurrence, today: today, instance: instance,
        time: time_t(environment.clock().timeIntervalSince1970))
      var arguments = [sendmail, "-i"]
      if let from { arguments += ["-f", from.text] }
      arguments += ["--", to.text]
      // sendmail is given the commands' environment without the REMIND_ variables: what a mail
      // transfer agent needs (PATH, HOME for its configuration), never the token.
      let variables = DeliveryEnvironment.variables(
        inherited: environment.variables, occurrence: occurrence, today: today, instance: instance, token: token
      ).filter { !$0.key.hasPrefix("REMIND_") }
      let ending = ChildProcess.run(
        arguments, environment: variables, input: message.bytes, timeout: options.commandTimeout.seconds,
        limit: options.commandTimeout.description)
      return Self.outcome(ending, of: "sendmail")
    }
  }

  /// What `ending` of `program` means for the delivery.
  private static func outcome(_ ending: ChildProcess.Ending, of program: String) -> Outcome {
    switch ending {
    case .exited(0): .delivered
    case .timedOut: .inDoubt("\(program) \(ending.failure)")
    default: .failed("\(program) \(ending.failure)")
    }
  }
}
