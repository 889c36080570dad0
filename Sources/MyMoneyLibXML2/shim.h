#ifndef MYMONEY_LIBXML2_SHIM_H
#define MYMONEY_LIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 pulls in the system ICU headers; Foundation ships its own ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parserInternals.h>
// xmlFree is a C global variable, which Swift 6 refuses to touch.
static inline void mymoney_xml_free(void *p) { xmlFree(p); }
#endif
