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

  /// Delivers `occurrence`; returns why it failed, `nil` once delivered. A closed standard
  /// output is `outputClosed`.
  func deliver(_ occurrence: Occurrence) throws(MonicaError) -> String? {
    switch options.delivery {
    case .standardOutput:
      try print(occurrence)
      // Delivered is recorded only once the line has left.
      try output.flush()
      return nil
    case .command(let command):
      let variables = DeliveryEnvironment.variables(
        inherited: environment.variables, occurrence: occurrence, today: today, instance: instance, token: token)
      let ending = ChildProcess.run(
        ["/bin/sh", "-c", command], environment: variables, input: line(occurrence) + [0x0A],
        timeout: options.commandTimeout.seconds, limit: options.commandTimeout.description)
      return ending.succeeded ? nil : "--exec \(ending.failure)"
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
      return ending.succeeded ? nil : "sendmail \(ending.failure)"
    }
  }
}
