// Placeholder: this layer is built by its own issue.
