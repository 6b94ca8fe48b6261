import ParleyCore

extension WebhookPlugin.Options {
    /// Whether a finished flow is sent (per flow): `failure` matches a failed flow, `success` a
    /// passed or flaky one, `always` any, a skipped one included.
    public func wants(_ outcome: FlowOutcome) -> Bool {
        on.contains { trigger in
            switch trigger {
            case .always: return true
            case .success: return outcome.isPass
            case .failure:
                if case .failed = outcome { return true }
                return false
            }
        }
    }

    /// Whether the run is sent (per run): `failure` matches a run that did not succeed (a failed
    /// or skipped flow, or Ctrl-C), `success` one that did, `always` any.
    public func wants(_ summary: RunSummary) -> Bool {
        on.contains { trigger in
            switch trigger {
            case .always: return true
            case .success: return summary.succeeded
            case .failure: return !summary.succeeded
            }
        }
    }
}
