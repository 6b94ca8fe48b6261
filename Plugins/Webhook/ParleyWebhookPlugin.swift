/// The built-in `webhook` plugin.
public enum ParleyWebhookPlugin {}
