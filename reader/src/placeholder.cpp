// Placeholder so the target has a source until the reader lands.
namespace talebook_reader_placeholder {
int unused = 0;
}
