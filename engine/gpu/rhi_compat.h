// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The one place that knows where QRhi lives.
//
// Qt 6.4/6.5 ship QRhi as private API (<QtGui/private/qrhi_p.h>, CMake target Qt6::GuiPrivate,
// no compatibility promise between minor versions); Qt 6.6 made it semi-public as <rhi/qrhi.h>
// with the backend init structs in the same header. Everything in Facet includes this header
// instead of either, so moving to a newer Qt touches only this file (and whatever API drift the
// compiler then reports in engine/gpu/).
#pragma once

#include <QtCore/qglobal.h>
#include <QtGui/qtguiglobal.h>

#if QT_VERSION >= QT_VERSION_CHECK(6, 6, 0)
#include <rhi/qrhi.h>
#include <rhi/qshader.h>
#include <rhi/qshaderdescription.h>
#else
#include <QtGui/private/qrhi_p.h>
#include <QtGui/private/qrhigles2_p.h>
#include <QtGui/private/qshader_p.h>
#include <QtGui/private/qshaderdescription_p.h>
#if QT_CONFIG(vulkan)
#include <QtGui/private/qrhivulkan_p.h>
#endif
#if defined(Q_OS_WIN)
#include <QtGui/private/qrhid3d11_p.h>
#endif
#if defined(Q_OS_MACOS) || defined(Q_OS_IOS)
#include <QtGui/private/qrhimetal_p.h>
#endif
#endif

#if QT_CONFIG(vulkan)
#include <QtGui/QVulkanFunctions>
#include <QtGui/QVulkanInstance>
#define FACET_HAVE_VULKAN 1
#else
#define FACET_HAVE_VULKAN 0
#endif
